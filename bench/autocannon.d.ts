/** The part of autocannon's API the admin and pattern-load benches use (the package ships no types). */
declare module "autocannon" {
  type Result = { latency: { p50: number; p99: number }; requests: { average: number }; non2xx: number; errors: number; timeouts: number };
  export default function autocannon(options: { url: string; connections: number; duration: number; headers?: Record<string, string> }): Promise<Result>;
}
