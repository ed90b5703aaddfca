/**
 * Passwords refused at registration: the most common entries of public breach lists that satisfy the
 * 8-character minimum. Compared lower-cased. (docs/product-decisions.md: "not in a common-password list".)
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "12345678", "123456789", "1234567890", "password", "password1", "password12", "password123", "passw0rd",
  "qwertyuiop", "qwerty123", "qwerty12", "1q2w3e4r", "1q2w3e4r5t", "1qaz2wsx", "zaq12wsx", "iloveyou",
  "11111111", "00000000", "12341234", "87654321", "88888888", "abcd1234", "abc12345", "abcdefgh",
  "sunshine", "princess", "football", "baseball", "welcome1", "welcome123", "letmein1", "trustno1",
  "superman", "batman123", "whatever", "starwars", "michael1", "jennifer", "computer", "internet",
  "asdfghjkl", "asdfasdf", "qazwsxedc", "monkey123", "dragon123", "master123", "shadow12", "football1",
  "admin123", "administrator", "changeme", "changeme123", "default1", "secret123", "letmein123",
  "11223344", "12121212", "123123123", "123qweasd", "q1w2e3r4", "q1w2e3r4t5", "p@ssw0rd", "p@ssword",
  "pa$$word", "passport", "liverpool", "chelsea1", "arsenal1", "manchester", "charlie1", "jordan23",
  "hello123", "freedom1", "whatever1", "mustang1", "access14", "blink182", "loveyou1", "iloveyou1",
  "987654321", "123456789a", "a1234567", "aa123456", "1234qwer", "qwer1234", "storyloom", "storyloom1",
]);

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
