/**
 * Turns the studio's draft form (plain strings) into the studio contract's
 * shape: tags and the sold files' upload ids arrive comma-separated. Client-safe; the form actions use it.
 */
export function draftFromForm(values: Record<string, string>): Record<string, unknown> {
	const { tags, fileUploadIds, ...rest } = values;
	return {
		...rest,
		// The ordered sold files, comma-separated ids (the studio's files field).
		...(fileUploadIds !== undefined ? { fileUploadIds: fileUploadIds.split(',').filter(Boolean) } : {}),
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
