import type { PageServerLoad } from './$types';
import { authLabels, publicEndpoints } from '$lib/server/discovery/endpoints';
import { enabledProviders } from '$lib/server/auth/social/providers';
import { errorCodeHelp } from '$lib/server/discovery/error-codes';

export const load: PageServerLoad = () => {
	const endpoints = publicEndpoints().map((e) => ({ ...e, authLabel: authLabels[e.auth] }));
	return {
		endpoints,
		deprecated: endpoints.filter((e) => e.deprecated),
		socialProviders: enabledProviders(),
		errorCodes: Object.entries(errorCodeHelp).map(([code, help]) => ({ code, ...help }))
	};
};
