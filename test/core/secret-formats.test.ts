/**
 * Issue 12, defect 4: secret masking over many spellings. Each row is a sentence and the secret
 * inside it: after masking, the secret must be gone (and containsSecret true). Each near-miss
 * (order and phone numbers, dates, ISBNs, ids, everyday uses of "pass" and "token") must come
 * back unchanged. Test keys below are fake and built from parts so no scanner mistakes them.
 */
import { describe, expect, test } from 'vitest';
import { containsSecret, ibanValid, isbn13Valid, maskDeep, maskSecrets, MASK } from '../../src/core/text/secrets.ts';

const r = (n: number, alphabet = 'aB3dE5gH7jK9mN1pQ2sT4vW6yZ8') => Array.from({ length: n }, (_, i) => alphabet[(i * 7 + 3) % alphabet.length]).join('');
const hex = (n: number) => r(n, '0123456789abcdef');

const SECRETS: Array<[string, string]> = [
  // provider keys and tokens
  [`my key is sk-${r(40)}`, `sk-${r(40)}`],
  [`OPENAI_API_KEY=sk-proj-${r(48)}`, `sk-proj-${r(48)}`],
  [`anthropic: sk-ant-api03-${r(60)}`, `sk-ant-api03-${r(60)}`],
  [`stripe sk_live_${r(24)}`, `sk_live_${r(24)}`],
  [`test key rk_test_${r(24)}`, `rk_test_${r(24)}`],
  [`gh token ghp_${r(36)}`, `ghp_${r(36)}`],
  [`fine-grained github_pat_${r(22)}_${r(40)}`, `github_pat_${r(22)}_${r(40)}`],
  [`gitlab glpat-${r(20)}`, `glpat-${r(20)}`],
  [`slack xoxb-${hex(12)}-${hex(12)}-${r(24)}`, `xoxb-${hex(12)}-${hex(12)}-${r(24)}`],
  [`webhook https://hooks.slack.com/services/T${hex(8)}/B${hex(8)}/${r(24)}`, `/services/T${hex(8)}`],
  [`aws AKIA${'ABCDEFGHIJKLMNOP'}`, 'AKIAABCDEFGHIJKLMNOP'],
  [`aws_secret_access_key = ${r(40, 'aB3/dE5+gH7jK9')}`, r(40, 'aB3/dE5+gH7jK9')],
  [`google AIza${r(35)}`, `AIza${r(35)}`],
  [`oauth ya29.${r(40)}`, `ya29.${r(40)}`],
  [`hf hf_${r(34)}`, `hf_${r(34)}`],
  [`npm npm_${r(36)}`, `npm_${r(36)}`],
  [`sendgrid SG.${r(22)}.${r(43)}`, `SG.${r(22)}.${r(43)}`],
  [`twilio SK${hex(32)}`, `SK${hex(32)}`],
  [`bot 123456789:AA${r(33)}`, `123456789:AA${r(33)}`],
  [`Authorization: Bearer ${r(32)}`, r(32)],
  [`jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${r(43)}`, `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0`],
  [`-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA${r(60)}\n-----END RSA PRIVATE KEY-----`, `MIIEowIBAAKCAQEA${r(60)}`],
  [`-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE${r(30)}\n-----END OPENSSH PRIVATE KEY-----`, `b3BlbnNzaC1rZXktdjE`],
  [`-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF${r(20)}\n-----END PGP PRIVATE KEY BLOCK-----`, `lQOYBF${r(20)}`],
  // connection strings
  ['DATABASE_URL=postgres://app:Sup3rS3cret@db.internal:5432/prod', 'Sup3rS3cret'],
  ['mongodb+srv://admin:hunter2hunter2@cluster0.example.net/test', 'hunter2hunter2'],
  ['redis://default:r3dispass@cache:6379', 'r3dispass'],
  [`Server=tcp:x.database.windows.net;User ID=sa;Password=Pa55w0rd!;`, 'Pa55w0rd!'],
  [`DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${r(40)}==;`, r(40)],
  // cards, any separator
  ['card 4111 1111 1111 1111 exp 12/29', '4111 1111 1111 1111'],
  ['5555.5555.5555.4444', '5555.5555.5555.4444'],
  ['pay with 4012-8888-8888-1881 please', '4012-8888-8888-1881'],
  ['amex 378282246310005', '378282246310005'],
  ['visa 4111/1111/1111/1111', '4111/1111/1111/1111'],
  // IBANs in any case and spacing
  ['iban gb29 nwbk 6016 1331 9268 19', 'gb29 nwbk 6016 1331 9268 19'],
  ['IBAN: GB29NWBK60161331926819.', 'GB29NWBK60161331926819'],
  ['send it to DE89 3704 0044 0532 0130 00 today', 'DE89 3704 0044 0532 0130 00'],
  ['fr1420041010050500013m02606', 'fr1420041010050500013m02606'],
  // password phrasings
  ['my password is hunter2!', 'hunter2'],
  ['my pw is qwerty99', 'qwerty99'],
  ['My email password is tr0ub4dor&3', 'tr0ub4dor&3'],
  ['my email password hunter22', 'hunter22'],
  ['the password for my gmail account is Xy12abc!', 'Xy12abc!'],
  ["the wifi password's bluefish77", 'bluefish77'],
  ['passcode: 918273', '918273'],
  ['my PIN is 4821', '4821'],
  ['pin code = 0000', '0000'],
  ['PIN number: 7734', '7734'],
  ['pwd=letmein123', 'letmein123'],
  ['passphrase: correct horse battery staple', 'correct horse battery staple'],
  ['the cvv is 737', '737'],
  ['api key: abcd1234efgh', 'abcd1234efgh'],
  ['SSN 078-05-1120', '078-05-1120'],
];

const NEAR_MISSES: string[] = [
  'my order number is 4111 1111 1111 1112',
  'order #1002003004005006',
  'tracking 1Z999AA10123456784',
  'call me on +44 20 7946 0958',
  'phone (555) 123-4567 after six',
  'my number is 0176 12345678',
  'ring 1-800-555-0199',
  'it happened on 2024-05-01',
  'see you 01.05.2024 at 10:30',
  'born 12/31/1999',
  'ISBN 978-0-306-40615-7',
  'ISBN-13: 978-3-16-148410-0',
  'the book 9780306406157 is great',
  'GB00 NWBK 6016 1331 9268 19 is not a valid iban',
  'version v1.2.3-beta.4',
  'commit 9fceb02d0ae598e95dc970b74767f19372d61af8',
  'request id 123e4567-e89b-12d3-a456-426614174000',
  'the price was $1,234.56',
  'zip code 90210',
  'room 1204, floor 12',
  'I got a token from the arcade',
  'tokens of appreciation',
  'the password was changed yesterday',
  'the password is wrong',
  'I forgot my password again',
  'my password manager is great',
  'my boarding pass is in my bag',
  'please pass the salt',
  'she will pass the exam',
  'my bus pass expired',
  'the PIN is required at checkout',
  'my password is too long to remember',
  'password-protected files',
  'reset your password here',
  'the secret ingredient is love',
  'I moved to Berlin from NYC in March 2025',
  'skating at the sk-8 park',
  'weight 72.5 kg, height 180 cm',
  'coordinates 52.5200, 13.4050',
  'score was 3-2 in extra time',
  'ünïcødé 🎉 שלום مرحبا e\u0301 zero\u200bwidth',
  'Flight LH 2024 leaves from gate B12',
  'IP 192.168.1.254 on port 8080',
];

describe('secret formats are masked', () => {
  test('the tables are big enough', () => {
    expect(SECRETS.length).toBeGreaterThanOrEqual(40);
    expect(NEAR_MISSES.length).toBeGreaterThanOrEqual(40);
  });

  test.each(SECRETS)('%s', (text, secret) => {
    const masked = maskSecrets(text);
    expect(masked).toContain(MASK);
    expect(masked.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(containsSecret(text)).toBe(true);
  });
});

describe('near-misses survive', () => {
  test.each(NEAR_MISSES)('%s', (text) => {
    expect(maskSecrets(text)).toBe(text);
  });
});

test.each([
  ['GB29 NWBK 6016 1331 9268 19', true],
  ['gb29nwbk60161331926819', true],
  ['GB00 NWBK 6016 1331 9268 19', false],
  ['DE89370400440532013000', true],
])('ibanValid(%s) = %s', (s, ok) => expect(ibanValid(s)).toBe(ok));

test.each([
  ['978-0-306-40615-7', true],
  ['9783161484100', true],
  ['4111111111111111', false],
])('isbn13Valid(%s) = %s', (s, ok) => expect(isbn13Valid(s)).toBe(ok));

test('maskDeep masks every string in nested metadata, keys included', () => {
  const token = `ghp_${r(36)}`;
  const out = maskDeep({ note: `token ${token}`, list: [1, `pw=${'x1y2z3w4'}`, { deep: token }], [token]: true, n: 3, nil: null });
  expect(JSON.stringify(out)).not.toContain(token);
  expect(JSON.stringify(out)).not.toContain('x1y2z3w4');
  expect(out.n).toBe(3);
  expect(out.nil).toBeNull();
});
