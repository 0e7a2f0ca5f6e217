/**
 * The source value that collects touches without a parameter and contacts without attribution: the reports show
 * it, and broadcast segments and funnel filters take it, under this one name.
 */
export const UNMAPPED_SOURCE = '— unmapped';
