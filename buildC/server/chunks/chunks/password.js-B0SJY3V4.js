import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { b as badRequest } from './app-error.js-BJVvpKXy.js';

const LIST = `
12345678 123456789 1234567890 0123456789 12341234 11111111 00000000 88888888 66666666
99999999 12121212 11223344 87654321 98765432 123123123 123456123 1234554321 147258369
123454321 1q2w3e4r 1q2w3e4r5t 1qaz2wsx qwertyui qwerty123 qwertyuiop 1qazxsw2 zaq12wsx
asdfghjk asdf1234 zxcvbnm1 password password1 password12 password123 passw0rd p@ssw0rd
p@ssword pa55word iloveyou iloveyou1 princess sunshine football baseball superman
starwars whatever trustno1 michelle jennifer computer internet welcome1 welcome123
abcd1234 abc12345 abcdefgh 12345abc qwe12345 aa123456 a1234567 admin123 administrator
changeme letmein1 monkey123 dragon123 charlie1 master12 shadow12 access14 mustang1
football1 baseball1 liverpool chelsea1 arsenal1 manchester 123qweasd qweasdzxc
q1w2e3r4 q1w2e3r4t5 1234qwer qwer1234 11112222 12344321 20202020 22222222 55555555
matkhau matkhau1 matkhau123 matkhau@123 anhyeuem anhyeuem1 anhyeuem123 emyeuanh
emyeuanh1 yeuemnhieu vietnam1 vietnam123 vietnam@123 hanoi123 saigon123 hoclieu123
giaovien giaovien1 giaovien123 123456aA 123456aa 123456a@ 12345678a 12345678@
Aa123456 Aa@123456 Abc@1234 Abc@12345 Admin@123 P@ssw0rd123 Password@123 Qwerty@123
`;
const COMMON = new Set(LIST.split(/\s+/).filter(Boolean).map((p) => p.toLowerCase()));
function isCommonPassword(password) {
  const p = password.toLowerCase();
  return COMMON.has(p) || /^(.)\1*$/u.test(p);
}
const OPTIONS = {
  algorithm: 2,
  // Argon2id (a const enum, unusable under isolatedModules)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1
};
function normalise(password) {
  return password.normalize("NFC");
}
function hashPassword(password) {
  return hash(normalise(password), OPTIONS);
}
let dummyHash;
async function verifyPassword(stored, password) {
  if (!stored) {
    dummyHash ??= hash(randomBytes(32).toString("base64url"), OPTIONS);
    await verify(await dummyHash, normalise(password)).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, normalise(password));
  } catch {
    return false;
  }
}
async function primePasswordHashing() {
  dummyHash ??= hash(randomBytes(32).toString("base64url"), OPTIONS);
  await dummyHash;
}
function assertAcceptablePassword(password, email, field = "password") {
  const lower = password.toLowerCase();
  let reason = null;
  if (isCommonPassword(password)) reason = "Mật khẩu này quá phổ biến và dễ bị đoán. Hãy chọn mật khẩu khác.";
  else if (lower === email.toLowerCase() || lower === email.split("@")[0]?.toLowerCase())
    reason = "Mật khẩu không được trùng với email.";
  if (reason) throw badRequest(reason, { fields: [{ path: field, message: reason }] });
}

export { assertAcceptablePassword as a, hashPassword as h, primePasswordHashing as p, verifyPassword as v };
//# sourceMappingURL=password.js-B0SJY3V4.js.map
