import { describe, expect, it } from "vitest";

import { PARCEL_SIZES } from "../../../db/tables";
import { addressLines, addresseeName, checkLabelAddresses } from "./addresses";
import { BUYER_ADDRESS } from "./fixtures";
import { PARCEL_LIMITS, PARCEL_SIZE_NAMES, describeParcel, isParcelSize } from "./parcels";

describe("parcel sizes (spec 9)", () => {
  it("are the schema's sizes with their weights in ounces and dimensions in inches", () => {
    expect([...PARCEL_SIZE_NAMES]).toEqual([...PARCEL_SIZES]);
    expect(PARCEL_LIMITS).toEqual({
      Small: { maxWeightOz: 16, maxWeightText: "1 lb", lengthIn: 10, widthIn: 10, heightIn: 10 },
      Medium: { maxWeightOz: 40, maxWeightText: "2.5 lb", lengthIn: 15, widthIn: 15, heightIn: 15 },
      Large: { maxWeightOz: 80, maxWeightText: "5 lb", lengthIn: 20, widthIn: 20, heightIn: 20 },
    });
    expect(PARCEL_SIZE_NAMES.map(describeParcel)).toEqual([
      "Small: up to 1 lb, 10x10x10 in",
      "Medium: up to 2.5 lb, 15x15x15 in",
      "Large: up to 5 lb, 20x20x20 in",
    ]);
    expect(isParcelSize("Medium")).toBe(true);
    expect(isParcelSize("medium")).toBe(false);
    expect(isParcelSize(null)).toBe(false);
  });
});

describe("addresses on a label", () => {
  // The order snapshot as a profile may hold it: spaces around the name, a lower-case country, no phone.
  const snapshot = { ...BUYER_ADDRESS, first_name: " Grace ", country: "us", phone: "" };

  it("print the order snapshot's name, or the platform address's shipping name", () => {
    expect(addressLines(snapshot)).toEqual(["Grace Hopper", "400 Bobbin Avenue", "Los Angeles, CA 90001", "US"]);
    expect(addresseeName({ ...snapshot, shipping_name: "Patternhouse Print Shop" })).toBe("Patternhouse Print Shop");
    expect(addresseeName({ ...snapshot, shipping_name: "  " })).toBe("Grace Hopper");
    expect(addressLines({ ...snapshot, state: "", phone: "555 0100" })).toEqual([
      "Grace Hopper",
      "400 Bobbin Avenue",
      "Los Angeles, 90001",
      "US",
      "Tel. 555 0100",
    ]);
  });

  it("must be complete at both ends", () => {
    expect(checkLabelAddresses({ from: snapshot, to: snapshot })).toBeNull();
    expect(checkLabelAddresses({ from: { ...snapshot, city: "" }, to: { ...snapshot, street: "" } })).toEqual({
      error: "incomplete-from-address",
      message: "The sender's address is missing: city.",
    });
  });
});
