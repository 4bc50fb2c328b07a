/** Who gets how many free-track downloads (docs/api.md#limits: sizes per user class are configuration). */
import type { QuotaLimit } from '../../contracts/music';

export interface QuotaSubject {
	isVip: boolean;
	vipUntil: Date | null;
}

/** VIP when flagged and the membership has not lapsed (no end date = open-ended). */
export function isActiveVip(user: QuotaSubject, at: Date): boolean {
	return user.isVip && (user.vipUntil === null || user.vipUntil.getTime() > at.getTime());
}

export function quotaLimitFor(user: QuotaSubject, at: Date, freeMonthlyLimit: number): QuotaLimit {
	return isActiveVip(user, at) ? 'unlimited' : freeMonthlyLimit;
}
