/** 1–5 stars, read out as "4 out of 5 stars". */
export function Stars({ value, className = "" }: { value: number; className?: string }) {
  const rounded = Math.round(value);
  return (
    <span role="img" aria-label={`${value} out of 5 stars`} className={`text-amber-500 ${className}`}>
      {"★".repeat(rounded)}
      <span className="text-slate-300">{"★".repeat(5 - rounded)}</span>
    </span>
  );
}
