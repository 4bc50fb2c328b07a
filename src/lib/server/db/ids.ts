const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether PostgreSQL would accept the value as a uuid; anything else would fail the query instead of finding nothing. */
export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID.test(value);
}
