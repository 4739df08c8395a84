// Package pdf turns an HTML document into an A4 PDF, safely, for the public
// converter (POST /api/convert-pdf) and for the Sales Signal Checklist.
//
// The default Converter supervises one headless Chromium (after gotenberg's
// supervisor): it starts lazily on the first job, keeps the browser and its
// tabs warm between jobs, restarts after a number of jobs or when the process
// dies, runs a bounded number of jobs at once with a bounded wait queue
// (ErrBusy when full) and a per-job time limit (ErrTimeout).
//
// The HTML is untrusted. The page may load nothing but the document itself
// and data:/blob: URIs; three independent layers enforce it: a
// Content-Security-Policy on the document, Fetch-domain interception that
// fails every request other than the document's own, and launch flags that
// send all remaining traffic (loopback included) to a dead proxy and stop
// WebRTC from leaking around it.
//
// When GOTENBERG_URL is set a remote Gotenberg does the rendering instead, so
// the conversion work can scale out on other machines.
package pdf
