const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** Is the relay on this machine? */
export function isLoopback(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(url).hostname)
  } catch {
    return false
  }
}
