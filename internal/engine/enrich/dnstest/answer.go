package dnstest

import (
	"encoding/binary"
	"io"
	"net"
	"net/netip"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

func (s *Server) serveUDP() {
	buf := make([]byte, 65535)
	for {
		n, from, err := s.udp.ReadFrom(buf)
		if err != nil {
			return // closed
		}
		msg := append([]byte(nil), buf[:n]...)
		s.wg.Go(func() {
			if out, ok := s.answer(msg, true); ok {
				_, _ = s.udp.WriteTo(out, from)
			}
		})
	}
}

func (s *Server) serveTCP() {
	for {
		c, err := s.tcp.Accept()
		if err != nil {
			return // closed
		}
		s.wg.Go(func() { s.serveConn(c) })
	}
}

// serveConn answers length-prefixed messages (RFC 1035 §4.2.2) until the
// client hangs up.
func (s *Server) serveConn(c net.Conn) {
	defer c.Close()
	for {
		_ = c.SetDeadline(time.Now().Add(10 * time.Second))
		var size [2]byte
		if _, err := io.ReadFull(c, size[:]); err != nil {
			return
		}
		msg := make([]byte, binary.BigEndian.Uint16(size[:]))
		if _, err := io.ReadFull(c, msg); err != nil {
			return
		}
		out, ok := s.answer(msg, false)
		if !ok {
			return
		}
		if _, err := c.Write(append(binary.BigEndian.AppendUint16(nil, uint16(len(out))), out...)); err != nil {
			return
		}
	}
}

// answer builds the reply to one query; false means no reply (malformed,
// or a silent zone).
func (s *Server) answer(msg []byte, udp bool) ([]byte, bool) {
	var p dnsmessage.Parser
	h, err := p.Start(msg)
	if err != nil {
		return nil, false
	}
	q, err := p.Question()
	if err != nil {
		return nil, false
	}
	name := canonical(q.Name.String())
	s.mu.Lock()
	z, found := s.zones[name]
	s.queries[name+" "+q.Type.String()]++
	s.total++
	s.busy++
	s.maxBusy = max(s.maxBusy, s.busy)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.busy--
		s.mu.Unlock()
	}()
	if z.Silent {
		return nil, false
	}
	time.Sleep(z.Delay)
	rh := dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionDesired: h.RecursionDesired,
		RecursionAvailable: true, RCode: z.RCode}
	switch {
	case !found:
		rh.RCode = dnsmessage.RCodeNameError
	case udp && z.TCPOnly:
		rh.Truncated = true
	}
	b := dnsmessage.NewBuilder(nil, rh)
	b.EnableCompression()
	if b.StartQuestions() != nil || b.Question(q) != nil || b.StartAnswers() != nil {
		return nil, false
	}
	if found && z.RCode == dnsmessage.RCodeSuccess && !rh.Truncated && addAnswers(&b, q, z) != nil {
		return nil, false
	}
	out, err := b.Finish()
	return out, err == nil
}

// addAnswers writes z's records of the asked type.
func addAnswers(b *dnsmessage.Builder, q dnsmessage.Question, z Zone) error {
	ttl := z.TTL
	if ttl == 0 {
		ttl = 300
	}
	rh := dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: ttl}
	switch q.Type {
	case dnsmessage.TypeMX:
		for _, mx := range z.MX {
			host, err := dnsmessage.NewName(canonical(mx.Host))
			if err != nil {
				return err
			}
			if err := b.MXResource(rh, dnsmessage.MXResource{Pref: mx.Pref, MX: host}); err != nil {
				return err
			}
		}
	case dnsmessage.TypeA:
		for _, a := range z.A {
			if err := b.AResource(rh, dnsmessage.AResource{A: netip.MustParseAddr(a).As4()}); err != nil {
				return err
			}
		}
	case dnsmessage.TypeAAAA:
		for _, a := range z.AAAA {
			if err := b.AAAAResource(rh, dnsmessage.AAAAResource{AAAA: netip.MustParseAddr(a).As16()}); err != nil {
				return err
			}
		}
	}
	return nil
}
