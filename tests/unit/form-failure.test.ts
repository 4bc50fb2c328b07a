import { describe, expect, it } from 'vitest';
import { formFailure } from '../../src/lib/form-failure';

describe('formFailure: the refusal in a form action answer', () => {
	it('is null before any answer and after a success', () => {
		expect(formFailure(null)).toBeNull();
		expect(formFailure(undefined)).toBeNull();
		expect(formFailure({ done: 'Đã lưu.' })).toBeNull();
	});

	it('is the answer when it carries a message, with its field messages and values', () => {
		const refused = { message: 'Vui lòng kiểm tra lại.', fields: { email: 'Email không hợp lệ.' }, values: { email: 'co.thao@' } };
		expect(formFailure(refused)).toBe(refused);
		expect(formFailure(refused)?.fields.email).toBe('Email không hợp lệ.');
	});
});
