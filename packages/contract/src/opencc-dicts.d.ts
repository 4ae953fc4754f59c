/** OpenCC's dictionaries as opencc-js ships them (no types of their own): `from to|from to|…`. */
declare module 'opencc-js/dict/*' {
  const dictionary: string;
  export default dictionary;
}
