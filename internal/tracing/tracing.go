// Package tracing turns on OpenTelemetry traces when an OTLP endpoint is configured: every HTTP
// request becomes a server span (named by its route pattern) exported over OTLP/HTTP, and W3C
// trace context from callers is continued. Without an endpoint nothing is set up and the
// handlers are not wrapped, so tracing costs nothing when it is off.
package tracing

import (
	"context"
	"net/http"
	"runtime/debug"
	"time"

	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.26.0"
)

// Tracer is on when an endpoint was given; the zero value is off.
type Tracer struct {
	provider *sdktrace.TracerProvider
}

// Setup exports spans to endpoint, an OTLP/HTTP base URL such as http://collector:4318 (spans go
// to <endpoint>/v1/traces). An empty endpoint gives a Tracer that is off.
func Setup(ctx context.Context, endpoint string) (*Tracer, error) {
	if endpoint == "" {
		return &Tracer{}, nil
	}
	exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(endpoint+"/v1/traces"))
	if err != nil {
		return nil, err
	}
	res := resource.NewSchemaless(semconv.ServiceName("taxd"), semconv.ServiceVersion(buildVersion()))
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp, sdktrace.WithBatchTimeout(2*time.Second)), sdktrace.WithResource(res))
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.TraceContext{})
	return &Tracer{provider: tp}, nil
}

// Handler wraps mux so each request is a span named by the route pattern the mux matched (not
// the raw path: ids stay out of span names; otelhttp renames the span once the mux has set the
// pattern on the request, so wrap the mux itself); unchanged when tracing is off.
func (t *Tracer) Handler(mux http.Handler) http.Handler {
	if t == nil || t.provider == nil {
		return mux
	}
	return otelhttp.NewHandler(mux, "taxd", otelhttp.WithTracerProvider(t.provider),
		otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string {
			if r.Pattern != "" {
				return r.Pattern
			}
			return r.Method
		}))
}

// Shutdown flushes the spans not yet exported.
func (t *Tracer) Shutdown(ctx context.Context) error {
	if t == nil || t.provider == nil {
		return nil
	}
	return t.provider.Shutdown(ctx)
}

func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		return bi.Main.Version
	}
	return "(devel)"
}
