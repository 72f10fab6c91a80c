/** The session id's shape: what the visitor app makes and the server hands out (see AuthService). */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9]{32}$/;
