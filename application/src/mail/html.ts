const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (a listing's title, a search's name: anything a person typed) as HTML that shows it and does nothing else, in content or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * An email's HTML around its content: one column that reads on a phone, inline styles (mail clients
 * drop style sheets), and the footer every alert email carries. `content` is HTML already escaped.
 */
export function mailLayout(input: { preheader: string; content: string; footer: string }): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Voltmarket</title></head>
<body style="margin:0;padding:0;background:#f3f5f4;font-family:Arial,Helvetica,sans-serif;color:#1c2321">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(input.preheader)}</div>
<div style="max-width:560px;margin:0 auto;padding:16px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#0f7a4a">Voltmarket</p>
<div style="background:#ffffff;border-radius:8px;padding:20px">${input.content}</div>
<div style="padding:16px 4px;font-size:12px;line-height:1.5;color:#5b6663">${input.footer}</div>
</div>
</body>
</html>`;
}
