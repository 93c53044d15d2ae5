// Crypto-products: a multiplication in colours (seed 003); each colour is a
// circle with its letter inside, for colour-blind players.
import { lettersModule } from "../lib/letters.js";

// The seed's colour initials: Red Green Blue White Orange Yellow Purple Cyan Magenta Teal.
// The same colours as the kind's own drawings (cryptarithm/model.py HEX).
const COLOURS = {
  R: "#d62728", G: "#2ca02c", B: "#1f77b4", W: "#f4f4f4", O: "#ff7f0e",
  Y: "#ffd700", P: "#7b3fa0", C: "#17becf", M: "#e377c2", T: "#008080",
};
const NAMES = {
  R: "red", G: "green", B: "blue", W: "white", O: "orange",
  Y: "yellow", P: "purple", C: "cyan", M: "magenta", T: "teal",
};

export default lettersModule({
  title: "Crypto-product",
  circles: true,
  colours: COLOURS,
  colourNames: NAMES,
  sizes: [],
  defaultSize: "",
  example: "GR x RG = RBR",
});
