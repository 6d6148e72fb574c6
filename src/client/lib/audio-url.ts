/** URL of a stored recording (MP3, served only to its owner, with byte ranges). */
export const audioUrl = (key: string) => `/api/audio/${encodeURIComponent(key)}`;
