import { afterAll, describe, expect, it, vi, type Mock } from 'vitest';
import { isSafeRedirectPath, Password, SignUpInput } from '$lib/contracts/auth';
import { isCommonPassword } from '$lib/server/auth/common-passwords';
import { assertAcceptablePassword, hashPassword, verifyPassword } from '$lib/server/auth/password';

describe('isSafeRedirectPath', () => {
	it.each(['/', '/tai-khoan', '/tai-khoan?tab=don-hang#dau', '/danh-muc/lop-1/toan', '/..//evil.example', '/%2F%2Fevil.example'])(
		'accepts the on-site path %j',
		(path) => expect(isSafeRedirectPath(path)).toBe(true)
	);

	it.each([
		'',
		'tai-khoan',
		'//evil.example',
		'///evil.example',
		'/\\evil.example',
		'\\\\evil.example',
		'/\t/evil.example',
		'/\n/evil.example',
		'https://evil.example',
		'http:/evil.example',
		'javascript:alert(1)',
		'data:text/html,x',
		' /tai-khoan'
	])('refuses %j', (path) => expect(isSafeRedirectPath(path)).toBe(false));
});

describe('password policy', () => {
	it('counts characters, not bytes or UTF-16 units', () => {
		expect(Password.safeParse('🙂'.repeat(8)).success).toBe(true); // 16 UTF-16 units, 8 characters
		expect(Password.safeParse('🙂'.repeat(7)).success).toBe(false);
		expect(Password.safeParse('ư'.repeat(128)).success).toBe(true);
		expect(Password.safeParse('ư'.repeat(129)).success).toBe(false);
	});

	it('refuses the commonest passwords in any case, and single repeated characters', () => {
		for (const p of ['password', 'PASSWORD123', '12345678', 'matkhau123', 'Anhyeuem', 'aaaaaaaaaa']) expect(isCommonPassword(p)).toBe(true);
		expect(isCommonPassword('cô giáo dạy toán lớp ba')).toBe(false);
		expect(() => assertAcceptablePassword('qwertyuiop', 'lan@truong.edu.vn')).toThrow(/phổ biến/);
		expect(() => assertAcceptablePassword('lan@truong.edu.vn', 'lan@truong.edu.vn')).toThrow(/trùng với email/);
		expect(() => assertAcceptablePassword('một câu rất riêng', 'lan@truong.edu.vn')).not.toThrow();
	});

	it('validates sign-up input with Vietnamese messages', () => {
		const r = SignUpInput.safeParse({ email: 'không phải email', password: 'ngắn' });
		expect(r.success).toBe(false);
		const messages = r.error!.issues.map((i) => i.message);
		expect(messages).toContain('Email không hợp lệ.');
		expect(messages).toContain('Mật khẩu cần ít nhất 8 ký tự.');
	});
});

/** argon2id, 19 MiB, t=2, p=1: the OWASP baseline every stored and dummy hash uses. */
const ARGON2_BASELINE = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

/**
 * The password module loaded anew with argon2's `verify` wrapped in a spy. Test files share their
 * worker's modules (vite.config.ts), so the module the other tests import may already hold the real
 * `verify`: this copy (its own URL) is the one that sees the mock.
 */
async function passwordWithVerifySpy(): Promise<{ verify: Mock<typeof import('@node-rs/argon2').verify>; password: typeof import('$lib/server/auth/password') }> {
	const real = await vi.importActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
	const verify = vi.fn(real.verify);
	vi.doMock('@node-rs/argon2', () => ({ ...real, verify }));
	const ownCopy = '../../src/lib/server/auth/password.ts?with-verify-spy';
	const password = (await import(/* @vite-ignore */ ownCopy)) as typeof import('$lib/server/auth/password');
	return { verify, password };
}

afterAll(() => vi.doUnmock('@node-rs/argon2'));

describe('password hashing', () => {
	it('hashes with argon2id (19 MiB, t=2, p=1) and verifies NFC-equivalent input', async () => {
		const composed = 'Tiếng Việt có dấu';
		const hash = await hashPassword(composed);
		expect(hash).toMatch(ARGON2_BASELINE);
		expect(await verifyPassword(hash, composed.normalize('NFD'))).toBe(true);
		expect(await verifyPassword(hash, 'Tieng Viet co dau')).toBe(false);
		expect(await verifyPassword('not-a-hash', composed)).toBe(false);
	});

	it('spends one full-cost argon2 verification on accounts without a hash', async () => {
		// Argon2's cost is fixed by the parameters in the hash it verifies against, so "same
		// cost" is checked by what is verified, not by a stopwatch that a busy machine skews.
		const { verify, password } = await passwordWithVerifySpy();
		expect(await password.verifyPassword(null, 'anything')).toBe(false);
		expect(await password.verifyPassword(undefined, 'anything')).toBe(false);
		expect(verify).toHaveBeenCalledTimes(2);
		for (const [dummy] of verify.mock.calls) expect(dummy).toMatch(ARGON2_BASELINE);

		const hash = await password.hashPassword('a real password');
		verify.mockClear();
		expect(await password.verifyPassword(hash, 'a wrong password')).toBe(false);
		expect(verify).toHaveBeenCalledTimes(1);
		expect(verify.mock.calls[0]![0]).toMatch(ARGON2_BASELINE);
	});
});
