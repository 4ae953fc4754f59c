/** The upload page and my files (issue 5). */
export const upload = {};
