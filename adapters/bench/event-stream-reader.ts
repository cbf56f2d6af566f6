/**
 * The benches' reader of `GET /api/events`: one connection of its own per stream (never a pooled
 * agent's, which a stream would hold for ever), each event handed over with when it arrived.
 */
import http from 'node:http';

export interface ReadEvent {
  id: number;
  /** `message`, `unread`, `notification` … */
  type: string;
  /** The event's `data:` line as sent (JSON). */
  data: string;
  /** performance.now() when the chunk holding it arrived. */
  at: number;
}

/** Opens the stream a ticket grants; resolves once the server answered 200, rejects on anything else. */
export function readEventStream(apiUrl: string, ticket: string, headers: http.OutgoingHttpHeaders, onEvent: (event: ReadEvent) => void): Promise<{ close: () => void }> {
  let opened = false;
  return new Promise((resolve, reject) => {
    const url = `${apiUrl}/api/events?ticket=${encodeURIComponent(ticket)}`;
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new Error(`stream: ${res.statusCode}`));
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          // Comments (the keep-alive) carry no id.
          if (!block.startsWith('id: ')) continue;
          const [idLine, eventLine = '', dataLine = ''] = block.split('\n');
          onEvent({ id: Number(idLine!.slice(4)), type: eventLine.startsWith('event: ') ? eventLine.slice(7) : 'message', data: dataLine.slice(6), at });
        }
      });
      opened = true;
      resolve({ close: () => req.destroy() });
    });
    // After it opened, an error is the stream being closed (by us, or a lost connection the bench counts).
    req.on('error', (err) => (opened ? undefined : reject(err)));
  });
}
