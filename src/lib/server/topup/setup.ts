import { log } from '../platform/logger';
import { registerPaymentTarget } from '../payments/targets';
import { afterMigration } from '../startup';
import { seedDenominations } from './denominations';
import { TOPUP_KIND } from './orders';
import { topupPaymentTarget } from './payment-target';

/** Start-up: top-ups are paid by bank transfer; the standard denominations exist. */
export function setupTopups(): void {
	registerPaymentTarget(TOPUP_KIND, topupPaymentTarget);
	afterMigration(async () => {
		const added = await seedDenominations();
		if (added > 0) log.info('added standard top-up denominations', { count: added });
	});
}
