// Crypto-products: a multiplication in colours; each colour is a circle with its
// letter inside, for colour-blind players. The colours and their names come with
// the kind (/api/kinds: play.data), the same as in its drawings.
import { lettersModule } from "/static/lib/letters.js";

export default (data) => lettersModule({
  title: "Crypto-product",
  circles: true,
  colours: data.colours || {},
  colourNames: data.colour_names || {},
  sizes: [],
  defaultSize: "",
  example: "GR x RG = RBR",
});
