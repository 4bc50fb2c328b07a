/**
 * Every feature's variables: the one environment schema, and the order the
 * README's configuration table lists them in (config/readme-table.ts).
 */
import { z } from 'zod';
import { authVariables } from './auth';
import { cartVariables } from './cart';
import { catalogVariables } from './catalog';
import { checkoutVariables } from './checkout';
import { communityVariables } from './community';
import { databaseVariables } from './database';
import type { FeatureVariables } from './kit';
import { musicVariables } from './music';
import { notifyVariables } from './notify';
import { paymentVariables } from './payments';
import { previewVariables } from './previews';
import { rateLimitVariables } from './rate-limit';
import { secretVariables } from './secrets';
import { serverVariables } from './server';
import { socialVariables } from './social';
import { storageVariables } from './storage';
import { studioVariables } from './studio';
import { walletVariables } from './wallet';

/** Every feature's variables in the order the README's configuration table lists them. */
export const FEATURES: FeatureVariables[] = [
	{ title: 'Server and process', variables: serverVariables },
	{ title: 'Database and demo catalog', variables: databaseVariables },
	{ title: 'Secrets', variables: secretVariables },
	{ title: 'Mail and sign-in limits', variables: authVariables },
	{ title: 'Social sign-in', variables: socialVariables },
	{ title: 'Rate-limit store', variables: rateLimitVariables },
	{ title: 'Catalog, search and caches', variables: catalogVariables },
	{ title: 'File storage', variables: storageVariables },
	{ title: 'Classroom music', variables: musicVariables },
	{ title: 'Payments', variables: paymentVariables },
	{ title: 'Cart', variables: cartVariables },
	{ title: 'Checkout, downloads and receipts', variables: checkoutVariables },
	{ title: 'Wallet, top-ups and gift codes', variables: walletVariables },
	{ title: 'Reports, support and conversations', variables: communityVariables },
	{ title: 'Notifications and the live stream', variables: notifyVariables },
	{ title: 'Uploads, studio quotas and payouts', variables: studioVariables },
	{ title: 'Previews', variables: previewVariables }
];

export const envSchema = z.object({
	...serverVariables,
	...databaseVariables,
	...secretVariables,
	...authVariables,
	...socialVariables,
	...rateLimitVariables,
	...catalogVariables,
	...storageVariables,
	...musicVariables,
	...paymentVariables,
	...cartVariables,
	...checkoutVariables,
	...walletVariables,
	...communityVariables,
	...notifyVariables,
	...studioVariables,
	...previewVariables
});

export type Env = z.infer<typeof envSchema>;
