import { describe, expect, it } from 'vitest';
import { isPaymentReference, newPaymentReference, referenceCandidates } from '../../src/lib/server/payments/payment-ref';

describe('payment references', () => {
	it('are HL + 8 symbols without 0, O, 1 or I', () => {
		const refs = Array.from({ length: 2000 }, newPaymentReference);
		for (const ref of refs) {
			expect(ref).toMatch(/^HL[2-9A-HJ-NP-Z]{8}$/);
			expect(isPaymentReference(ref)).toBe(true);
		}
		expect(new Set(refs).size).toBe(refs.length);
	});

	it.each([
		['plain', 'HL7K2MQX9A', ['HL7K2MQX9A']],
		['lower case inside other words', 'chuyen tien hl7k2mqx9a cam on', ['HL7K2MQX9A']],
		['with dashes and spaces the bank added', 'MBVCB.3278.HL7K-2MQ X9A.CT', ['HL7K2MQX9A']],
		['glued to digits', '123456HL7K2MQX9A789', ['HL7K2MQX9A']],
		['two references', 'HL7K2MQX9A va HLZZZZZZZZ', ['HL7K2MQX9A', 'HLZZZZZZZZ']],
		['a prefix inside the reference', 'HLHL7K2MQX9A', ['HL7K2MQX9A']],
		['nothing', 'ung ho quy lop', []],
		['a look-alike with excluded symbols', 'HL0O1IABCD', []]
	])('are found in content: %s', (_, content, expected) => {
		const found = referenceCandidates(content);
		for (const ref of expected) expect(found).toContain(ref);
		if (expected.length === 0) expect(found).toEqual([]);
	});
});
