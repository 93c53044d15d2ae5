// Cryptarithms: a digit for every letter; sums are stacked in columns.
import { lettersModule } from "/static/lib/letters.js";

export default lettersModule({
  title: "Cryptarithm",
  sizes: [],
  defaultSize: "",
  example: "SEND + MORE = MONEY",
});
