const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
const ADDRESS = new RegExp(`^[^\\s@<>",;:()\\[\\]\\\\]+@(${LABEL}(?:\\.${LABEL})*)$`);

/**
 * The address of a mailbox written `user@host` or with a display name, `Voltmarket <alerts@host>` or
 * `"Voltmarket, Lagos" <alerts@host>`; null when it is neither.
 */
export function mailboxAddress(mailbox: string): { address: string; domain: string } | null {
  const value = mailbox.trim();
  const named = /^(?:"[^"\r\n]*"|[^"<>\r\n]*?)\s*<([^<>\s]+)>$/.exec(value);
  const address = named ? named[1]! : value;
  const found = ADDRESS.exec(address);
  return found ? { address, domain: found[1]!.toLowerCase() } : null;
}

/**
 * A mail's Message-ID, `<key@domain>`: the idempotency key, with each character a Message-ID cannot
 * carry (anything but letters, digits, `_` and `-`; `=` included, so no two keys share an id) written
 * `=XX` in hex. Keys of letters, digits, `_` and `-` appear as they are.
 */
export function messageIdFor(key: string, domain: string): string {
  const id = Array.from(Buffer.from(key, 'utf8'), (byte) => {
    const c = String.fromCharCode(byte);
    return /[A-Za-z0-9_-]/.test(c) ? c : `=${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }).join('');
  return `<${id}@${domain}>`;
}
