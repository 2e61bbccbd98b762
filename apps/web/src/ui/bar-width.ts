/**
 * The widest a chart's bar gets: with a few bars (a month's second day, a five-point scale) each
 * would otherwise fill its whole slot and read as a block, not a bar.
 */
export const BAR_MAX_WIDTH = 56;
