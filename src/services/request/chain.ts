/**
 * The interceptor chain (SPEC §7: applied to every call). After Taro's own Link/Chain
 * model: a Link holds the interceptors and one final step that performs the real
 * request; the final step always runs last. Each interceptor receives a Chain, may
 * look at or replace the parameters, and calls `chain.proceed(params)` to run the
 * rest of the chain, so it can act before and after everything behind it.
 */

/** What every step may rely on in a call's parameters. */
export interface ChainParams {
  method: string
  /** The path for logs: the API path, never a query string (which may carry secrets). */
  path: string
  /** Time-out in milliseconds. */
  timeout: number
}

/** What every step may rely on in an answer. */
export interface ChainResponse {
  statusCode: number
}

/** One step of the chain. */
export type Interceptor<P extends ChainParams, R extends ChainResponse> = (chain: Chain<P, R>) => Promise<R>

/** The rest of a chain, as one step sees it. */
export class Chain<P extends ChainParams, R extends ChainResponse> {
  /** The parameters this step was called with. */
  readonly params: P
  private readonly steps: ReadonlyArray<Interceptor<P, R>>
  private readonly index: number

  constructor (params: P, steps: ReadonlyArray<Interceptor<P, R>>, index: number) {
    this.params = params
    this.steps = steps
    this.index = index
  }

  /** Runs the next step (the real request, when every interceptor has run) with `params`. */
  proceed (params: P = this.params): Promise<R> {
    const step = this.steps[this.index]
    if (!step) return Promise.reject(new Error('chain: proceed called after the final step'))
    return step(new Chain(params, this.steps, this.index + 1))
  }
}

/** A family of calls: interceptors in order, then the final step that does the work. */
export class Link<P extends ChainParams, R extends ChainResponse> {
  private readonly interceptors: Array<Interceptor<P, R>>
  private readonly finalStep: Interceptor<P, R>

  constructor (finalStep: Interceptor<P, R>, interceptors: Array<Interceptor<P, R>> = []) {
    this.finalStep = finalStep
    this.interceptors = [...interceptors]
  }

  /** Adds an interceptor; it runs after those added before it and before the final step. */
  addInterceptor (interceptor: Interceptor<P, R>): void {
    this.interceptors.push(interceptor)
  }

  /** Runs one call through every interceptor and the final step. */
  request (params: P): Promise<R> {
    return new Chain(params, [...this.interceptors, this.finalStep], 0).proceed(params)
  }
}
