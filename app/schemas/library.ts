/** The library's search (/library?q=, GET /api/user/library?q=): a plain module, read by the page's form too. */
export const MAX_LIBRARY_QUERY = 100;
