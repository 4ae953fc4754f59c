/** Stars, bookmarks, collections and downloads (issue 5). */
export const library = {};
