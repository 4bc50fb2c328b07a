/**
 * Turns the studio's draft form (plain strings) into the studio contract's
 * shape: tags arrive comma-separated. Client-safe; the form actions use it.
 */
export function draftFromForm(values: Record<string, string>): Record<string, unknown> {
	const { tags, ...rest } = values;
	return {
		...rest,
		...(tags !== undefined
			? {
					tags: tags
						.split(',')
						.map((t) => t.trim())
						.filter(Boolean)
				}
			: {})
	};
}
