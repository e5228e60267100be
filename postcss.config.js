export default {
  plugins: { autoprefixer: {} },
};
