import type { ParamMatcher } from '@sveltejs/kit';

/** A UUID (any version), so /tac-gia/<uuid> never shadows the studio's own pages. */
export const match: ParamMatcher = (param) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(param);
