/** Addresses the shipping tests print labels between: a seller's studio and a buyer's home. */
import type { Address } from "./addresses";

export const SELLER_ADDRESS: Address = {
  first_name: "Ada",
  last_name: "Lovelace",
  street: "12 Seam Street",
  street2: "Studio 4",
  city: "Portland",
  state: "OR",
  postal_code: "97201",
  country: "US",
  phone: "503 555 0100",
};

export const BUYER_ADDRESS: Address = {
  first_name: "Grace",
  last_name: "Hopper",
  street: "400 Bobbin Avenue",
  street2: "",
  city: "Los Angeles",
  state: "CA",
  postal_code: "90001",
  country: "US",
  phone: "213 555 0199",
};
