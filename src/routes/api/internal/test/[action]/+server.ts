/**
 * Test hooks (clock, limiter reset, SQL, users, storage faults). The handlers
 * live in $lib/server/testing/test-actions and are imported only in a test
 * build, so a production bundle answers 404 here and does not contain them.
 */
import { json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { config } from '$lib/server/config';
import { TEST_BUILD } from '$lib/server/test-build';

export const POST: RequestHandler = async (event) => {
	if (TEST_BUILD && config().testHooks) {
		const { testAction } = await import('$lib/server/testing/test-actions');
		return testAction(event);
	}
	return json({ error: { code: 'not_found', message: 'Không tìm thấy.' } }, { status: 404 });
};
