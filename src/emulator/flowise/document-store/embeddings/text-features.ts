/** Words too common to say what a passage is about; they would drown the rare, telling words. */
const STOPWORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below " +
    "between both but by can could did do does doing down during each few for from further had has have " +
    "having he her here hers herself him himself his how i if in into is it its itself just me more most " +
    "my myself no nor not now of off on once only or other our ours ourselves out over own same she should " +
    "so some such than that the their theirs them themselves then there these they this those through to " +
    "too under until up very was we were what when where which while who whom why will with would you your " +
    "yours yourself yourselves also may might must shall us get gets got one two use used using via per"
  ).split(" "),
);

/** Lone letters ("p" of an HTML tag, "s" of a possessive) say nothing; lone digits may. */
const SINGLE_LETTER = /^\p{L}$/u;

/** Suffixes stripped so that "splitting", "splits" and "split" meet; longest first. */
const SUFFIXES = [
  "ational",
  "ations",
  "ation",
  "ments",
  "ment",
  "ness",
  "ings",
  "ing",
  "ies",
  "ied",
  "ed",
  "es",
  "ly",
  "s",
];

/** Lower-cased, accent-free words of a text, split on anything that is not a letter or digit. */
export function words(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** A crude stem: enough for lexical matching across inflections, never shorter than three letters. */
export function stem(word: string): string {
  if (word.length <= 3 || /^\d+$/.test(word)) return word;
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      return suffix === "ies" || suffix === "ied" ? `${base}y` : base;
    }
  }
  return word;
}

/** The stems of the content words of a text, in order. */
export function contentStems(text: string): string[] {
  return words(text)
    .filter((word) => !STOPWORDS.has(word) && !SINGLE_LETTER.test(word))
    .map(stem);
}
