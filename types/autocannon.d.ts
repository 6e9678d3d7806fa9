/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram { average: number, p50: number, p99: number }
  interface Result { requests: Histogram, latency: Histogram }
  interface Options { url: string, connections?: number, duration?: number }
  function autocannon (options: Options): Promise<Result>
  export default autocannon
}
