#ifndef IMAGER_BENCH_JACK_SENDER_H
#define IMAGER_BENCH_JACK_SENDER_H

#include <stddef.h>
#include <stdint.h>

/* The benchmark's MIDI sender: a JACK client with one MIDI output port, as a controller
 * bridged into JACK would be. A message queued from any thread goes out at the start of the
 * server's next cycle (offset 0), so what the benchmark times from the moment it queues a
 * note includes the wait for that cycle, as a controller's note waits for it. */
typedef struct bench_jack_sender bench_jack_sender;

/* Opens client `client_name` (never starting a server) with an output port "notes" and
 * activates it; NULL, with the reason in `error`, when no server answers. */
bench_jack_sender *bench_jack_sender_open(const char *client_name, char *error, size_t error_size);
void bench_jack_sender_close(bench_jack_sender *sender);
/* How many ports the output port is connected to. */
int bench_jack_sender_connections(bench_jack_sender *sender);
/* Queues a three-byte message for the next cycle; 0 when the queue is full. */
int bench_jack_sender_send(bench_jack_sender *sender, unsigned char status, unsigned char data1, unsigned char data2);
/* 1 when the server reported an xrun (a cycle a client did not finish in time, whose MIDI
 * is lost) at a time from `from` to `to`, in microseconds of CLOCK_MONOTONIC (GLib's
 * g_get_monotonic_time); the last 64 reports are kept. */
int bench_jack_sender_xrun_between(bench_jack_sender *sender, int64_t from, int64_t to);

#endif
