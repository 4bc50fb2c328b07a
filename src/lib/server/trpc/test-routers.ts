/**
 * Test-only routers, merged into the app router only in a test build
 * (see ../test-build.ts). Still gated at run time by TEST_HOOKS.
 */
import { checkoutTestingRouter } from './routers/checkout-testing';
import { moneyTestingRouter } from './routers/money-testing';
import { testingRouter } from './routers/testing';

export const testRouters = {
	testing: testingRouter,
	moneyTesting: moneyTestingRouter,
	checkoutTesting: checkoutTestingRouter
};
