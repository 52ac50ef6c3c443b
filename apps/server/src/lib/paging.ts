/** Ids are PostgreSQL integers: anything larger names nothing, and must not reach the database as a 500. */
export const MAX_DB_INT = 2_147_483_647;

export const isDbId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_DB_INT;

/** Past any real catalog a page is empty anyway; the cap keeps the offset a number PostgreSQL accepts. */
export const capPage = (page: number) => Math.min(Math.max(1, page), MAX_DB_INT);

export const offsetOf = (page: number, perPage: number) => (capPage(page) - 1) * perPage;

export const pagesOf = (total: number, perPage: number) => Math.ceil(total / perPage);
