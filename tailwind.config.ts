import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        brand: {
          50: "#fdf4f3",
          100: "#fbe7e4",
          600: "#b4443a",
          700: "#96362e",
          800: "#7c302a",
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
