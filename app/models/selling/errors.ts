/**
 * What both faces answer a logged-in user without a store who makes a seller call (issue 19, decision 046): 404
 * with spec 5's text. Never 403: the spec's client logs the user out on any 403 (spec 4), and having no store is no
 * reason to end the session. `requireApiSeller` (every JSON seller call) and the Upload Design form's post read it.
 */
export const NO_STORE = { status: 404, message: "Please setup your store first" } as const;
