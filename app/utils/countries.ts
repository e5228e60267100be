/** The countries offered in the profile form (spec 9: about 75 codes, including US, GB, CA, AU, DE, FR). */
export const COUNTRIES = [
  ["US", "United States"], ["GB", "United Kingdom"], ["CA", "Canada"], ["AU", "Australia"], ["DE", "Germany"],
  ["FR", "France"], ["AR", "Argentina"], ["AT", "Austria"], ["BD", "Bangladesh"], ["BE", "Belgium"],
  ["BG", "Bulgaria"], ["BR", "Brazil"], ["CH", "Switzerland"], ["CL", "Chile"], ["CN", "China"],
  ["CO", "Colombia"], ["CR", "Costa Rica"], ["CY", "Cyprus"], ["CZ", "Czechia"], ["DK", "Denmark"],
  ["DO", "Dominican Republic"], ["EC", "Ecuador"], ["EE", "Estonia"], ["EG", "Egypt"], ["ES", "Spain"],
  ["FI", "Finland"], ["GH", "Ghana"], ["GR", "Greece"], ["GT", "Guatemala"], ["HK", "Hong Kong"],
  ["HR", "Croatia"], ["HU", "Hungary"], ["ID", "Indonesia"], ["IE", "Ireland"], ["IL", "Israel"],
  ["IN", "India"], ["IS", "Iceland"], ["IT", "Italy"], ["JM", "Jamaica"], ["JP", "Japan"],
  ["KE", "Kenya"], ["KR", "South Korea"], ["LT", "Lithuania"], ["LU", "Luxembourg"], ["LV", "Latvia"],
  ["MA", "Morocco"], ["MT", "Malta"], ["MX", "Mexico"], ["MY", "Malaysia"], ["NG", "Nigeria"],
  ["NL", "Netherlands"], ["NO", "Norway"], ["NZ", "New Zealand"], ["PA", "Panama"], ["PE", "Peru"],
  ["PH", "Philippines"], ["PK", "Pakistan"], ["PL", "Poland"], ["PR", "Puerto Rico"], ["PT", "Portugal"],
  ["RO", "Romania"], ["RS", "Serbia"], ["SA", "Saudi Arabia"], ["SE", "Sweden"], ["SG", "Singapore"],
  ["SI", "Slovenia"], ["SK", "Slovakia"], ["TH", "Thailand"], ["TR", "Türkiye"], ["TW", "Taiwan"],
  ["UA", "Ukraine"], ["AE", "United Arab Emirates"], ["UY", "Uruguay"], ["VN", "Vietnam"], ["ZA", "South Africa"],
] as const satisfies readonly (readonly [string, string])[];

export const COUNTRY_CODES = COUNTRIES.map(([code]) => code) as [string, ...string[]];
