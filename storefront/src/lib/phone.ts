/** An optional phone number: digits with the usual separators, 7 to 20 characters. */
export function checkPhone(value: string): string | undefined {
  const phone = value.trim();
  return phone && !/^\+?[\d\s()-]{7,20}$/.test(phone) ? 'Enter a phone number such as +234 803 123 4567' : undefined;
}
