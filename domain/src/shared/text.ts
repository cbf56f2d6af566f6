/** Trims and collapses inner runs of whitespace so "  Tesla   Model 3 " is stored as "Tesla Model 3". */
export function cleanLine(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** Trims a multi-line text and caps blank-line runs at one empty line. */
export function cleanText(value: string): string {
  return value.trim().replace(/\r\n/g, '\n').replace(/\n{3,}/g, '\n\n');
}
