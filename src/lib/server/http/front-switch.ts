/**
 * Test hooks only (testing router, `POST /api/v1/_test/front`): whether a
 * public read the response cache does not hold is computed before SvelteKit
 * (./front.ts). The differential test compares both ways. Its own module, so
 * the testing router does not import the facade it is part of.
 */
let computes = true;

export function frontComputes(): boolean {
	return computes;
}

export function computeInFrontForTests(on: boolean): void {
	computes = on;
}
