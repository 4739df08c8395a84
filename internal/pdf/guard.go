package pdf

import (
	"net/url"
	"strings"

	"github.com/chromedp/chromedp"
)

// docSite is the made-up site every document is served from, each at an
// origin of its own (http://d<random>.signalpipe-pdf.invalid/). One site
// for all lets Chromium keep the renderer process between documents (a new
// site per document costs a process start per job). .invalid never
// resolves (RFC 6761), so even a request that slipped past every layer
// could not reach a real host by that name.
const docSite = "signalpipe-pdf.invalid"

// documentCSP is sent with the document: besides the document itself, only
// data: and blob: may load, and fetch/XHR/WebSocket/beacons (connect-src),
// workers, forms and <base> are refused outright. Inline script is
// allowed because, with JavaScript on, documents may draw with it. The sandbox (scripts
// only) gives the document an opaque origin: no cookies or storage to share
// with the next document, no popups, no navigating the tab, no alert()
// dialogs that would stall the render. This policy is the one with
// JavaScript on (PDF_JAVASCRIPT=true).
const documentCSP = "sandbox allow-scripts; default-src data: blob:; " +
	"script-src 'unsafe-inline' 'unsafe-eval' data: blob:; " + cspRest

// documentCSPNoScript is the policy when JavaScript is off (the default,
// PDF_JAVASCRIPT=false): a sandbox without allow-scripts and no script
// source, so no script, event handler or javascript: URL runs.
const documentCSPNoScript = "sandbox; default-src data: blob:; script-src 'none'; " + cspRest

const cspRest = "style-src 'unsafe-inline' data: blob:; " +
	"connect-src 'none'; worker-src 'none'; manifest-src 'none'; " +
	"form-action 'none'; base-uri 'none'"

// noWebRTC runs before any script of the document: WebRTC can send UDP to any
// address around the proxy, so its constructors are removed (the launch flag
// below forbids non-proxied UDP as well); window.open is gone too, since a
// popup is a tab this tab's interception does not see.
const noWebRTC = `window.open = () => null; for (const k of ["RTCPeerConnection","webkitRTCPeerConnection","RTCDataChannel","RTCIceTransport"]) { try { Object.defineProperty(window, k, {value: undefined, configurable: false, writable: false}); } catch (e) {} }`

// allowedRequest reports whether the page may fetch u: only data: and blob:
// URIs, which carry content the document already holds. The document's own
// URL is answered separately, before this check.
func allowedRequest(u string) bool {
	p, err := url.Parse(u)
	if err != nil {
		return false
	}
	switch strings.ToLower(p.Scheme) {
	case "data", "blob":
		return true
	}
	return false
}

// launchFlags are the Chromium switches on top of chromedp's defaults (which
// are headless, no first run, no background networking, no extensions).
// deadProxy routes every network request to a port nothing listens on;
// "<-loopback>" removes Chromium's implicit proxy bypass for localhost, so
// loopback is refused too.
func launchFlags(deadProxy bool) []chromedp.ExecAllocatorOption {
	opts := []chromedp.ExecAllocatorOption{
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-pings", true),
		chromedp.Flag("dns-prefetch-disable", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("hide-scrollbars", true),
		// A document that allocates without end fails alone, well before the
		// machine runs short; drawing scripts need far less.
		chromedp.Flag("js-flags", "--max-old-space-size=512"),
		// Popups would be new tabs outside this tab's interception:
		// chromedp's defaults turn the popup blocker off, so turn it back on
		// (no user gesture ever happens here) and refuse new windows.
		chromedp.Flag("disable-popup-blocking", false),
		chromedp.Flag("block-new-web-contents", true),
		// WebRTC may only use the (dead) proxy, never raw UDP.
		chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
		chromedp.Flag("webrtc-ip-handling-policy", "disable_non_proxied_udp"),
		// One process for every frame, so the page's Fetch interception sees
		// the requests of cross-origin iframes too. No other site ever loads,
		// so site isolation has nothing to isolate here.
		chromedp.Flag("disable-site-isolation-trials", true),
		chromedp.Flag("disable-features", "Translate,BlinkGenPropertyTrees,IsolateOrigins,site-per-process,MediaRouter,OptimizationHints,DialMediaRouteProvider,AutofillServerCommunication,InterestFeedContentSuggestions"),
	}
	if deadProxy {
		opts = append(opts,
			chromedp.ProxyServer("http://127.0.0.1:9"),
			chromedp.Flag("proxy-bypass-list", "<-loopback>"),
		)
	}
	return opts
}
