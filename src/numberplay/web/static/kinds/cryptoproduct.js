// Crypto-products: a multiplication in colours (seed 003); each colour is a
// circle with its letter inside, for colour-blind players.
import { lettersModule } from "../lib/letters.js";

// The seed's colour initials: Red Green Blue White Orange Yellow Purple Cyan Magenta Teal.
const COLOURS = {
  R: "#d62828", G: "#2a9d3f", B: "#2456c9", W: "#f2f2f2", O: "#f08a1c",
  Y: "#f5d90a", P: "#7b3fb0", C: "#1fb5c9", M: "#d63384", T: "#138076",
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
