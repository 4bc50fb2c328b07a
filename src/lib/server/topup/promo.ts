import type { TopupPromoResult } from '../../contracts/topup';
import { db } from '../db/client';
import { evaluateTopupPromo } from '../promos/service';

/** Reads only: nothing is reserved until a top-up order is created with the code. */
export async function validateTopupPromo(userId: string, code: string, amountVnd: bigint): Promise<TopupPromoResult> {
	const evaluation = await evaluateTopupPromo(db(), code, userId, amountVnd);
	if (!evaluation.ok) return { valid: false, reason: 'invalid' };
	return {
		valid: true,
		discountVnd: evaluation.discountVnd.toString(),
		finalAmountVnd: (amountVnd - evaluation.discountVnd).toString(),
		description: evaluation.promo.description
	};
}
