/** The text that names a made-to-measure line everywhere the buyer sees it (cart, checkout, payment, orders; decision 115). */
export const MADE_TO_MEASURE_LABEL = "Your size (made to measure)";
/** What the seller and the administrator see of it: the flag, never the measurements. */
export const MADE_TO_MEASURE_FLAG = "Made to measure";
/** The buyer's own size among the graded ones (size switchers, layouts, print layers). */
export const CUSTOM_SIZE_LABEL = "Your size";
