// Countries in the panel: the one flag and the one country picker (single id or a list of codes).
export { Flag, flagSrc } from './flag';
export { CountryField, CountriesField, type CountryChoice } from './country-fields';
